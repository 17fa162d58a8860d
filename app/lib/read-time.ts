/** Words divided by 200, rounded, never less than 1 (spec §9). */
export function readTimeMinutes(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 200));
}

export function readTimeLabel(content: string): string {
  return `${readTimeMinutes(content)} min read`;
}
