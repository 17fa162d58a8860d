/** Words divided by 200, rounded, never less than 1. */
export function readTimeMinutes(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

/** "3 min read", from a stored read time. */
export function readTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}
