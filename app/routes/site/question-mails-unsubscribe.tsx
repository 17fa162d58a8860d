import { data } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/question-mails-unsubscribe";
import { readForm } from "#app/server/core/form.server";
import { services } from "#app/server/core/services.server";
import { questionOfMailsToken, stopQuestionMails } from "#app/server/community/community-mail.server";
import { UnsubscribeScreen } from "#app/components/site/unsubscribe-screen";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Unsubscribe", matches);

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token") ?? "";

/** Opening the link only asks: mail scanners follow links, and a GET must not unsubscribe anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const question = await questionOfMailsToken(services().db, tokenOf(request));
  if (!question) return data({ state: "invalid" as const, title: null }, { status: 404 });
  return { state: question.mailsOff ? ("done" as const) : ("ask" as const), title: question.title };
}

/** The page's button, and RFC 8058 one-click from mail programs: the token in the address is the authority. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  if (!form) return data({ state: "invalid" as const }, { status: 400 });
  if (!(await stopQuestionMails(services().db, tokenOf(request)))) return data({ state: "invalid" as const }, { status: 400 });
  return { state: "done" as const };
}

export default function QuestionMailsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <UnsubscribeScreen
      state={actionData?.state ?? loaderData.state}
      invalidText="This unsubscribe link is not valid. Use the link at the end of a mail about your question."
      doneText="You will get no more mails about this question."
      askTitle="Stop mails about your question?"
      askText={
        <>
          No more mails when <strong>{loaderData.title}</strong> is published or answered.
        </>
      }
    />
  );
}
