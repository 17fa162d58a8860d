import { Link } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/confirm-email-change";
import { confirmEmailChange } from "#app/server/auth/account.server";
import { requireUser } from "#app/server/auth/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Confirm new email", matches);

const outcomes = {
  changed: { title: "Email changed", text: "Your account now uses this address. Sign in with it from now on." },
  invalid: { title: "This link is not valid", text: "The link has expired or was already used. Ask for a new one on your account page." },
  taken: { title: "This email is taken", text: "Another account started using this address meanwhile, so your email stays as it was." },
  "other-account": {
    title: "Sign in to the account that asked",
    text: "This link changes the email of another account. Sign out, then open it again signed in to the account whose email is changing.",
  },
};

/** The link works only for the account that asked, signed in: sign-in comes first, then back here. */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const token = new URL(request.url).searchParams.get("token");
  return token ? await confirmEmailChange(user, token) : "invalid";
}

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const outcome = outcomes[loaderData];
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{outcome.title}</h1>
      <p className="mt-2">{outcome.text}</p>
      <Link to="/account" className="mt-6 inline-block font-medium text-accent underline">
        Go to your account
      </Link>
    </div>
  );
}
