import { Link } from "react-router";
import { privatePageMeta } from "#app/lib/seo";
import type { Route } from "./+types/verify-email";
import { verifyEmail } from "#app/server/auth/auth.server";

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta("Confirm email", matches);

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return { verified: token ? await verifyEmail(token) : false };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{loaderData.verified ? "Email confirmed" : "This link is not valid"}</h1>
      <p className="mt-2">{loaderData.verified ? "Your account is ready. You can sign in now." : "The link has expired or was already used."}</p>
      <Link to="/auth" className="mt-6 inline-block font-medium text-accent underline">
        Go to Sign In
      </Link>
    </div>
  );
}
