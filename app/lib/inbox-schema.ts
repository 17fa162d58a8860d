import { z } from "zod";

// Schemas are built by functions, not at import, so pages that only need the category list do not ship zod.

function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} must be at most ${max} characters.` });
}

const invalidEmailText = "Please enter a valid email address.";

function emailText() {
  return z.string({ message: "Email is required." }).trim().max(254, { message: "Email is too long." });
}

/** The Contact form, checked on the server: every field required, a valid email, sensible lengths. */
export function contactMessageSchema() {
  return z.object({
    firstName: requiredText("First name", 100),
    lastName: requiredText("Last name", 100),
    email: emailText()
      .min(1, { message: "Email is required." })
      .pipe(z.email({ message: invalidEmailText })),
    subject: requiredText("Subject", 200),
    message: requiredText("Message", 5000),
  });
}

export type ContactMessageInput = z.infer<ReturnType<typeof contactMessageSchema>>;
export type ContactMessageValues = Record<keyof ContactMessageInput, string>;

export const questionCategories = [
  { value: "classroom-management", label: "Classroom Management" },
  { value: "curriculum", label: "Curriculum" },
  { value: "assessment", label: "Assessment" },
  { value: "technology", label: "Technology" },
  { value: "wellbeing", label: "Wellbeing" },
  { value: "career", label: "Career" },
] as const;

export type QuestionCategory = (typeof questionCategories)[number]["value"];

export function questionCategoryLabel(value: string): string {
  return questionCategories.find((category) => category.value === value)?.label ?? value;
}

/** The Ask Kafundisha form, checked on the server: title, at least one known category, description. */
export function communityQuestionSchema() {
  const categoryValues = questionCategories.map((category) => category.value) as [QuestionCategory, ...QuestionCategory[]];
  return z.object({
    title: requiredText("Question title", 200),
    categories: z
      .array(z.enum(categoryValues, { message: "Please choose categories from the list." }), { message: "Please choose at least one category." })
      .min(1, { message: "Please choose at least one category." })
      // A set, not a list: the same chip cannot count twice.
      .transform((values) => [...new Set(values)]),
    description: requiredText("Description", 5000),
    // Left by a visitor who is not signed in, to hear back; empty when not given.
    email: emailText().pipe(z.union([z.literal(""), z.email({ message: invalidEmailText })])),
  });
}

export type CommunityQuestionInput = z.infer<ReturnType<typeof communityQuestionSchema>>;
export interface CommunityQuestionValues {
  title: string;
  categories: string[];
  description: string;
  email: string;
}

export type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

/** The first message per field, ready to show next to each control. */
export function fieldErrorsOf<Values>(error: z.ZodError): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const issue of error.issues) {
    const field = issue.path[0] as keyof Values | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** A form field as typed ("" when absent or a file): what a refused form gives back. */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export function contactValuesFrom(form: FormData): ContactMessageValues {
  return {
    firstName: formText(form, "firstName"),
    lastName: formText(form, "lastName"),
    email: formText(form, "email"),
    subject: formText(form, "subject"),
    message: formText(form, "message"),
  };
}

export function questionValuesFrom(form: FormData): CommunityQuestionValues {
  return {
    title: formText(form, "title"),
    categories: form.getAll("categories").filter((value): value is string => typeof value === "string"),
    description: formText(form, "description"),
    email: formText(form, "email"),
  };
}
