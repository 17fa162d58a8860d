import { MessageCircleQuestion } from "#app/components/site/icons";
import { data, Form } from "react-router";
import type { Route } from "./+types/ask-kafundisha";
import { readForm } from "#app/server/core/form.server";
import { clientInfo, getUser } from "#app/server/auth/auth.server";
import { storeCommunityQuestion, TooManySubmissions } from "#app/server/inbox/inbox.server";
import { communityQuestionSchema, fieldErrorsOf, questionValuesFrom, type CommunityQuestionValues } from "#app/lib/inbox-schema";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { FormField, FormFooter, useSiteForm } from "#app/components/site/contact-form-field";
import { AskCategoryChips } from "#app/components/site/ask-category-chips";
import { AskBrowseQuestions, AskCommunityStats } from "#app/components/site/ask-community";
import { communityFigures, publishesAtOnce, searchQuestions } from "#app/server/community/community.server";
import { pageLinks, pageRequest } from "#app/server/db/keyset.server";
import { cacheTag, loadAsDocument, type ReaderPageHandle } from "#app/lib/reader-page";
import { services } from "#app/server/core/services.server";
import { hook, hooks } from "#app/lib/reader-hooks";
import { guestOnly } from "#app/lib/viewer";
import { answerTexts, askOnlineText, myPostTexts, questionListParams, questionListQuery, questionPath } from "#app/lib/community";
import { useRootData, useSchoolPack } from "#app/lib/root-data";
import { refuseWhileAskKafundishaClosed } from "#app/server/core/site-settings.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Ask Kafundisha",
    description: "Ask Kafundisha is the ask-a-teacher community of The Educator: put your classroom, curriculum and career questions to experienced educators.",
    path: "/ask-kafundisha",
    ...siteFrom(matches),
  });

export async function loader({ request }: Route.LoaderArgs) {
  refuseWhileAskKafundishaClosed();
  const { db } = services();
  const url = new URL(request.url);
  const params = questionListParams(url.searchParams);
  const [stats, found] = await Promise.all([communityFigures(db), searchQuestions(db, params, pageRequest(url.searchParams))]);
  return { stats, params, browse: { questions: found.questions, total: found.total, totalIsMore: found.totalIsMore, pages: pageLinks(url, found) } };
}

// A reader page, one for everyone (its email field is a guest's variant): reloaded in place when
// questions or answers change; the question form posts as a plain page, answered for its asker.
export const handle: ReaderPageHandle<Awaited<ReturnType<typeof loader>>> = {
  readerPage: {
    live: ["community_questions", "community_answers"],
    cacheTags: () => [cacheTag.questionLists, cacheTag.commenters],
    query: questionListQuery,
  },
};

export const clientLoader = loadAsDocument;

export async function action({ request, context }: Route.ActionArgs) {
  refuseWhileAskKafundishaClosed();
  const values = questionValuesFrom((await readForm(request)) ?? new FormData());
  const parsed = communityQuestionSchema().safeParse(values);
  if (!parsed.success) {
    return data({ status: "invalid" as const, values, fieldErrors: fieldErrorsOf<CommunityQuestionValues>(parsed.error) }, { status: 400 });
  }
  const user = await getUser(request);
  // A trusted teacher's question is public at once; the others wait for a moderator.
  const asker = user ? { id: user.id, trusted: await publishesAtOnce(services().db, user) } : null;
  try {
    const question = await storeCommunityQuestion(parsed.data, asker, clientInfo(request, context));
    // A signed-in asker finds a waiting question in her account.
    return {
      status: "sent" as const,
      questionId: question.id,
      publishedAt: question.status === "published" ? questionPath(question) : null,
      askerSignedIn: Boolean(user),
    };
  } catch (error) {
    if (!(error instanceof TooManySubmissions)) throw error;
    return data({ status: "limited" as const, values, formError: error.message }, { status: 429 });
  }
}

export default function AskKafundishaPage({ loaderData, actionData }: Route.ComponentProps) {
  const { formRef, busy, values, fieldErrors, firstInvalid } = useSiteForm(actionData);
  // A new key after each stored question empties the chips along with the text fields.
  const chipsKey = actionData?.status === "sent" ? actionData.questionId : "asking";
  const root = useRootData();
  const schoolPack = useSchoolPack();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <MessageCircleQuestion className="mx-auto size-12 text-accent" aria-hidden />
        <h1 className="mt-2 font-serif text-4xl font-black">Ask Kafundisha</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Kafundisha means teacher. Ask a question about your classroom, your learners or your career, and experienced educators from across Zambia and beyond
          will share what works for them.
        </p>
      </header>

      <div className="mt-10">
        <AskCommunityStats stats={loaderData.stats} />
      </div>

      {/* On a phone the form comes first; beside the list on a wide screen. */}
      <div className="mt-10 grid items-start gap-10 lg:grid-cols-[3fr_2fr]">
        {schoolPack ? (
          <section aria-labelledby="ask-form-heading" className="rounded-xl border border-border p-6 lg:order-2">
            <h2 id="ask-form-heading" className="text-xl font-bold">
              Ask a Question
            </h2>
            <p className="mt-2 text-muted-foreground">{askOnlineText(root?.publicUrl ?? "")}</p>
          </section>
        ) : (
          <section aria-labelledby="ask-form-heading" className="rounded-xl border border-border p-6 lg:order-2">
            <h2 id="ask-form-heading" className="text-xl font-bold">
              Ask a Question
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">All fields are required. {answerTexts.trustRule}</p>
            {actionData?.status === "sent" && (
              <p
                role="status"
                tabIndex={-1}
                autoFocus
                className="mt-4 rounded-md border border-success-border bg-success-soft p-4 font-medium text-success-soft-foreground"
              >
                {answerTexts.questionSubmitted}{" "}
                {actionData.publishedAt ? (
                  <a href={actionData.publishedAt} className="underline">
                    {answerTexts.questionPublished}
                  </a>
                ) : (
                  <>
                    {answerTexts.questionWaiting}
                    {actionData.askerSignedIn && (
                      <>
                        {" "}
                        <a href="/account#account-posts" className="underline">
                          {myPostTexts.seeWaiting}
                        </a>
                      </>
                    )}
                  </>
                )}
              </p>
            )}
            <Form method="post" noValidate ref={formRef} className="mt-6 space-y-5">
              <FormField
                name="title"
                label="Question Title"
                maxLength={200}
                placeholder="What would you like to ask?"
                defaultValue={values?.title}
                error={fieldErrors.title}
                autoFocus={firstInvalid === "title"}
              />
              {/* Filled by the reader script as the title is typed; announced when it changes. */}
              <div aria-live="polite" {...hook(hooks.similarQuestions, "field-title")}>
                <div hidden className="rounded-md bg-subtle p-3 text-sm">
                  <p className="font-medium">Asked before: one of these may answer you</p>
                  <ul className="mt-1 space-y-1" />
                </div>
              </div>
              <AskCategoryChips key={chipsKey} initial={values?.categories ?? []} error={fieldErrors.categories} autoFocus={firstInvalid === "categories"} />
              <FormField
                name="description"
                label="Detailed Description"
                multiline
                maxLength={5000}
                placeholder="Describe your situation: the grade, class size, what you have tried so far."
                defaultValue={values?.description}
                error={fieldErrors.description}
                autoFocus={firstInvalid === "description"}
              />
              {/* A signed-in asker hears at her account's address: only a guest is asked for one. */}
              <div {...guestOnly}>
                <FormField
                  name="email"
                  type="email"
                  label="Email to hear back (optional)"
                  optional
                  autoComplete="email"
                  maxLength={254}
                  hint={answerTexts.askerEmailHint}
                  defaultValue={values?.email}
                  error={fieldErrors.email}
                  autoFocus={firstInvalid === "email"}
                />
              </div>
              <FormFooter result={actionData} busy={busy} label="Submit Question" busyLabel="Submitting..." />
            </Form>
          </section>
        )}
        <div className="lg:order-1">
          <AskBrowseQuestions params={loaderData.params} {...loaderData.browse} />
        </div>
      </div>
    </div>
  );
}
