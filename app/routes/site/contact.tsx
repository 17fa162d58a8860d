import { Clock, Mail, MapPin, Phone } from "#app/components/site/icons";
import { data, Form } from "react-router";
import type { Route } from "./+types/contact";
import { readForm } from "#app/server/core/form.server";
import { clientInfo } from "#app/server/auth/auth.server";
import { storeContactMessage, TooManySubmissions } from "#app/server/inbox/inbox.server";
import { contactMessageSchema, contactValuesFrom, fieldErrorsOf, type ContactMessageValues } from "#app/lib/inbox-schema";
import { pageMeta, siteFrom } from "#app/lib/seo";
import { useSchoolPack, useSiteSettings } from "#app/lib/root-data";
import { FormField, FormFooter, useSiteForm } from "#app/components/site/contact-form-field";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Contact Us",
    description: "Get in touch with The Educator: send us a message, story idea or question. Office hours Mon-Fri 9-5, Sat 10-2.",
    path: "/contact",
    ...siteFrom(matches),
  });

const sentText = "Thank you! Your message has been sent. We will get back to you soon.";

export async function action({ request, context }: Route.ActionArgs) {
  const values = contactValuesFrom((await readForm(request)) ?? new FormData());
  const parsed = contactMessageSchema().safeParse(values);
  if (!parsed.success) {
    return data({ status: "invalid" as const, values, fieldErrors: fieldErrorsOf<ContactMessageValues>(parsed.error) }, { status: 400 });
  }
  try {
    await storeContactMessage(parsed.data, clientInfo(request, context));
  } catch (error) {
    if (!(error instanceof TooManySubmissions)) throw error;
    return data({ status: "limited" as const, values, formError: error.message }, { status: 429 });
  }
  return { status: "sent" as const };
}

const officeHours = [
  { hours: "Mon-Fri 9-5", detail: "9:00 AM to 5:00 PM" },
  { hours: "Sat 10-2", detail: "10:00 AM to 2:00 PM" },
  { hours: "Sun closed", detail: "Closed all day" },
];

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { formRef, busy, values, fieldErrors, firstInvalid } = useSiteForm(actionData);
  const schoolPack = useSchoolPack();
  const site = useSiteSettings();

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="text-center">
        <h1 className="font-serif text-4xl font-black">Contact Us</h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted-foreground">
          Questions, story ideas, feedback or a school success worth sharing? We read every message and reply within two working days.
        </p>
      </header>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <div className="space-y-6">
          <section aria-labelledby="contact-details-heading" className="rounded-xl border border-border p-6">
            <h2 id="contact-details-heading" className="text-xl font-bold">
              Contact Details
            </h2>
            <ul className="mt-4 space-y-4 text-muted-foreground">
              {site.contactEmail && (
                <li className="flex gap-3">
                  <Mail className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
                  <span>
                    <span className="block font-semibold text-foreground">Email</span>
                    <a href={`mailto:${site.contactEmail}`} className="break-all underline underline-offset-2">
                      {site.contactEmail}
                    </a>
                  </span>
                </li>
              )}
              {site.contactPhone && (
                <li className="flex gap-3">
                  <Phone className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
                  <span>
                    <span className="block font-semibold text-foreground">Phone</span>
                    <a href={`tel:${site.contactPhone.replace(/[^+\d]/g, "")}`} className="underline underline-offset-2">
                      {site.contactPhone}
                    </a>
                  </span>
                </li>
              )}
              {site.contactAddress && (
                <li className="flex gap-3">
                  <MapPin className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden />
                  <span>
                    <span className="block font-semibold text-foreground">Office</span>
                    {site.contactAddress}
                  </span>
                </li>
              )}
            </ul>
          </section>
          <section aria-labelledby="office-hours-heading" className="rounded-xl border border-border p-6">
            <h2 id="office-hours-heading" className="flex items-center gap-2 text-xl font-bold">
              <Clock className="size-5 text-accent" aria-hidden />
              Office Hours
            </h2>
            <ul className="mt-4 space-y-2">
              {officeHours.map((row) => (
                <li key={row.hours} className="flex justify-between gap-4">
                  <span className="font-medium">{row.hours}</span>
                  <span className="text-muted-foreground">{row.detail}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>

        {/* A school pack has no server to send with: its page gives the details to write to. */}
        {!schoolPack && (
          <section aria-labelledby="contact-form-heading" className="rounded-xl border border-border p-6">
            <h2 id="contact-form-heading" className="text-xl font-bold">
              Send Us a Message
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">All fields are required.</p>
            {actionData?.status === "sent" && (
              <p
                role="status"
                tabIndex={-1}
                autoFocus
                className="mt-4 rounded-md border border-success-border bg-success-soft p-4 font-medium text-success-soft-foreground"
              >
                {sentText}
              </p>
            )}
            <Form method="post" noValidate ref={formRef} className="mt-6 space-y-4">
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  name="firstName"
                  label="First Name"
                  autoComplete="given-name"
                  maxLength={100}
                  defaultValue={values?.firstName}
                  error={fieldErrors.firstName}
                  autoFocus={firstInvalid === "firstName"}
                />
                <FormField
                  name="lastName"
                  label="Last Name"
                  autoComplete="family-name"
                  maxLength={100}
                  defaultValue={values?.lastName}
                  error={fieldErrors.lastName}
                  autoFocus={firstInvalid === "lastName"}
                />
              </div>
              <FormField
                name="email"
                label="Email"
                type="email"
                autoComplete="email"
                maxLength={254}
                defaultValue={values?.email}
                error={fieldErrors.email}
                autoFocus={firstInvalid === "email"}
              />
              <FormField
                name="subject"
                label="Subject"
                maxLength={200}
                defaultValue={values?.subject}
                error={fieldErrors.subject}
                autoFocus={firstInvalid === "subject"}
              />
              <FormField
                name="message"
                label="Message"
                multiline
                maxLength={5000}
                defaultValue={values?.message}
                error={fieldErrors.message}
                autoFocus={firstInvalid === "message"}
              />
              <FormFooter result={actionData} busy={busy} label="Send Message" busyLabel="Sending..." />
            </Form>
          </section>
        )}
      </div>
    </div>
  );
}
