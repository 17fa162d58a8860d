// Only on reader pages, which React never hydrates: plain links, not the router's <Link>.
import { categoryLabel } from "#app/lib/category-label";
import { QuestionLinkItem } from "./ask-community";
import { readTimeLabel } from "#app/lib/read-time";

interface RelatedQuestion {
  id: string;
  slug: string;
  title: string;
  answers: number;
}

/** Under an article: Ask Kafundisha questions on its subject, with their answer counts; nothing when there are none. */
export function TeachersAsk({ questions }: { questions: readonly RelatedQuestion[] }) {
  if (questions.length === 0) return null;
  return (
    <section aria-labelledby="teachers-ask-heading" className="mt-12 rounded-xl bg-subtle p-6 print:hidden">
      <h2 id="teachers-ask-heading" className="text-xl font-bold">
        Teachers ask
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Related questions from Ask Kafundisha</p>
      <ul className="mt-4 space-y-4">
        {questions.map((question) => (
          <QuestionLinkItem key={question.id} question={question} />
        ))}
      </ul>
      <a href="/ask-kafundisha" className="mt-4 inline-block text-sm font-medium text-accent underline">
        Ask your own question
      </a>
    </section>
  );
}

interface RelatedArticle {
  id: string;
  title: string;
  categorySlug: string;
  readTimeMinutes: number;
}

/** Under a question: articles on its subject; nothing when there are none. */
export function RelatedArticleLinks({ articles }: { articles: readonly RelatedArticle[] }) {
  if (articles.length === 0) return null;
  return (
    <section aria-labelledby="related-articles-heading" className="mt-12 border-t border-border pt-8 print:hidden">
      <h2 id="related-articles-heading" className="text-2xl font-bold">
        Related Articles
      </h2>
      <ul className="mt-4 space-y-3">
        {articles.map((article) => (
          <li key={article.id} className="rounded-xl border border-border p-4">
            <p className="text-xs font-semibold tracking-wide text-accent uppercase">{categoryLabel(article.categorySlug)}</p>
            <h3 className="mt-1 leading-snug font-semibold">
              <a href={`/articles/${article.id}`} className="hover:underline">
                {article.title}
              </a>
            </h3>
            <p className="mt-1 text-sm text-muted-foreground">{readTimeLabel(article.readTimeMinutes)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
