// Placeholder: built with the admin-panel issue.
export function action() {
  return Response.json({ error: "Not available yet." }, { status: 404 });
}
