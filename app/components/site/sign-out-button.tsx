import { LogOut } from "./icons";
import { Form } from "react-router";

/** Posts to /sign-out; the server ends the session and sends the user to /. */
export function SignOutButton({ className, label = "Sign Out" }: { className?: string; label?: string }) {
  return (
    <Form method="post" action="/sign-out">
      <button type="submit" className={className}>
        <LogOut className="size-4" aria-hidden />
        <span>{label}</span>
      </button>
    </Form>
  );
}
