import { z } from "zod";

export const passwordMinLength = 6;

/** Shared by the /auth form and the server: email and password required; sign-up needs 6+ characters. */
export const emailSchema = z
  .string({ message: "Email is required." })
  .trim()
  .min(1, { message: "Email is required." })
  .max(254, { message: "Email is too long." })
  .pipe(z.email({ message: "Please enter a valid email address." }));

/** Said when a password being chosen is on the server's list of the most common ones (it is never sent to the browser). */
export const commonPasswordMessage = "This password is one of the most common ones, easy to guess. Please choose another.";

/** A password being chosen (sign-up, reset, change); the server also refuses the most common ones. */
export const newPasswordSchema = z
  .string({ message: "Password is required." })
  .min(1, { message: "Password is required." })
  .min(passwordMinLength, { message: `Password must be at least ${passwordMinLength} characters.` })
  .max(200, { message: "Password is too long." });

export function credentialsSchema(action: "sign-in" | "sign-up") {
  return z.object({
    email: emailSchema,
    password:
      action === "sign-up"
        ? newPasswordSchema
        : z.string({ message: "Password is required." }).min(1, { message: "Password is required." }).max(200, { message: "Password is too long." }),
  });
}
