import { useState, type FormEvent } from "react";
import { Newspaper, Search, TrendingUp } from "lucide-react";
import { showToast } from "#app/lib/toast";
import { Button } from "#app/components/ui/button";
import { controlClass } from "#app/components/ui/field";
import { categoryLabel } from "#app/lib/category-label";
import {
  foundTrendingText,
  maxSubjectLength,
  promptFromSuggestion,
  sampleNewsBySubject,
  sampleTrendingTopics,
  scanFailedText,
  scannerErrorText,
  trendingItems,
  type NewsScannerRequest,
  type NewsSuggestion,
  type SubjectAnswer,
  type TrendingAnswer,
  type TrendingTopic,
} from "#app/lib/news-types";
import { plural } from "#app/lib/plural";

class ScannerStatusError extends Error {}

async function callScanner<T>(body: NewsScannerRequest): Promise<T> {
  const response = await fetch("/functions/v1/zambia-news-scanner", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ScannerStatusError(scannerErrorText(response.status));
  return (await response.json()) as T;
}

interface Results {
  heading: string;
  topics: TrendingTopic[];
  items: NewsSuggestion[];
  sample: boolean;
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric" });

/** The news suggestion panel: trending topics and search by subject; an item becomes the prompt. */
export function NewsPanel({ onPick }: { onPick: (prompt: string) => void }) {
  const [subject, setSubject] = useState("");
  const [busy, setBusy] = useState<"trending" | "subject" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [results, setResults] = useState<Results | null>(null);

  // A non-OK answer from the scanner is shown as "News scanner error: {status}", and the sample results stand in.
  function fallBack(caught: unknown, samples: Omit<Results, "sample">) {
    const message = caught instanceof ScannerStatusError ? caught.message : scanFailedText;
    setError(message);
    showToast({ type: "error", title: message });
    setResults({ ...samples, sample: true });
  }

  async function scanTrending() {
    setBusy("trending");
    setError(null);
    try {
      const answer = await callScanner<TrendingAnswer>({ action: "scan-trending" });
      const items = trendingItems(answer.trendingTopics);
      setResults({ heading: "Trending now", topics: answer.trendingTopics, items, sample: answer.sample });
      showToast({ type: "success", title: foundTrendingText(items.length) });
    } catch (caught) {
      const topics = sampleTrendingTopics();
      fallBack(caught, { heading: "Trending now", topics, items: trendingItems(topics) });
    } finally {
      setBusy(null);
    }
  }

  async function searchSubject(event: FormEvent) {
    event.preventDefault();
    const wanted = subject.trim();
    if (!wanted) return;
    setBusy("subject");
    setError(null);
    const heading = `News about “${wanted}”`;
    try {
      const answer = await callScanner<SubjectAnswer>({ action: "get-by-subject", subject: wanted });
      setResults({ heading, topics: [], items: answer.articles, sample: answer.sample });
    } catch (caught) {
      fallBack(caught, { heading, topics: [], items: sampleNewsBySubject(wanted) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="news-panel-heading" className="rounded-xl border border-border p-5">
      <h2 id="news-panel-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Newspaper aria-hidden className="size-5" /> News suggestions
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Recent education news from the configured feeds. Pick an item to write about it.</p>

      <Button className="mt-4 w-full" variant="outline" onClick={scanTrending} disabled={busy !== null}>
        <TrendingUp aria-hidden className="size-4" />
        {busy === "trending" ? "Scanning..." : "Scan Trending Topics"}
      </Button>

      <form className="mt-4" role="search" aria-label="Search news by subject" onSubmit={searchSubject}>
        <label htmlFor="news-subject" className="text-sm font-medium">
          Search by subject
        </label>
        <div className="flex gap-2">
          <input
            id="news-subject"
            type="search"
            value={subject}
            maxLength={maxSubjectLength}
            onChange={(event) => setSubject(event.target.value)}
            placeholder="e.g. health, curriculum, exams"
            className={controlClass}
          />
          <Button type="submit" variant="outline" className="mt-1" disabled={busy !== null} aria-label="Search news">
            <Search aria-hidden className="size-4" />
          </Button>
        </div>
      </form>

      {error && (
        <p role="alert" className="mt-4 rounded-md border border-destructive-border bg-destructive-soft px-3 py-2 text-sm text-destructive-soft-foreground">
          {error}
        </p>
      )}

      {results && (
        <div className="mt-5" aria-live="polite">
          <h3 className="font-semibold">{results.heading}</h3>
          {results.sample && (
            <p className="mt-2 rounded-md bg-warning-soft px-3 py-2 text-sm text-warning-soft-foreground">
              Sample items: no news feed could be reached, so these are examples, not real news.
            </p>
          )}
          {results.topics.length > 0 && (
            <ul aria-label="Trending topics" className="mt-3 flex flex-wrap gap-2">
              {results.topics.map((topic) => (
                <li key={`${topic.subject}:${topic.topic}`} className="rounded-full bg-muted px-3 py-1 text-xs">
                  <span className="font-medium">{topic.topic}</span> · {categoryLabel(topic.subject)} ·{" "}
                  {plural(topic.frequency, { one: "item", other: "items" })}
                </li>
              ))}
            </ul>
          )}
          {results.items.length === 0 ? (
            <p className="mt-3 text-sm text-muted-foreground">No news items found.</p>
          ) : (
            <ul className="mt-3 space-y-3">
              {results.items.map((item) => (
                <li key={item.url} className="rounded-lg border border-border p-3">
                  <a href={item.url} target="_blank" rel="noopener noreferrer nofollow" className="font-medium underline-offset-2 hover:underline">
                    {item.title}
                  </a>
                  <p className="mt-1 text-xs text-muted-foreground">
                    {item.source}
                    {item.publishedAt && ` · ${dateFormat.format(new Date(item.publishedAt))}`} · {categoryLabel(item.subject)} · score {item.trendingScore}
                  </p>
                  {item.excerpt && <p className="mt-1 line-clamp-3 text-sm">{item.excerpt}</p>}
                  <Button
                    size="sm"
                    variant="outline"
                    className="mt-2"
                    onClick={() => onPick(promptFromSuggestion(item))}
                    aria-label={`Use as prompt: ${item.title}`}
                  >
                    Use as prompt
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
