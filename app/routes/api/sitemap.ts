// Placeholder: built with the public-site issue.
export function loader() {
  return new Response("Not Found", { status: 404 });
}
