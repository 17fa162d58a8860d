/** The analytics screen's ranges in days, default 30. */
export const analyticsRanges = [7, 14, 30] as const;
export type AnalyticsRange = (typeof analyticsRanges)[number];

export interface DailyFigure {
  day: string;
  views: number;
  visitors: number;
}
