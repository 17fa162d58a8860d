/** What a reader page shows for something that does not exist (an article, tag or author), with a way back. */
export function ReaderNotFound({ title, message }: { title: string; message: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <title>{`${title} | The Educator`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-2 text-muted-foreground">{message}</p>
      <a href="/articles" className="mt-6 inline-block font-medium text-accent underline">
        Back to Articles
      </a>
    </div>
  );
}
