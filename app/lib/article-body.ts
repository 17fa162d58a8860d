/** The article body's classes: shared by the public page and the editor's preview, so they look alike. */
export const articleBodyClass =
  "article-body prose max-w-none space-y-4 leading-relaxed [&_a]:text-accent [&_a]:underline [&_h2]:mt-8 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6";
