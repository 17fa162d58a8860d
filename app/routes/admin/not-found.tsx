import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader(_: Route.LoaderArgs) {
  return data(null, { status: 404 });
}

/** Unknown addresses under /admin, inside the admin shell. */
export default function AdminNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Oops! Page not found</h1>
      <Link to="/admin" className="mt-4 inline-block font-medium text-accent underline">
        Back to Dashboard
      </Link>
    </div>
  );
}
