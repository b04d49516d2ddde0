import type { Page } from 'playwright-core';

/** The size of a chart's canvas once it is drawn (`data-chart="<name>"`, state `drawn`). */
export async function drawnChart(
  page: Page,
  name: string,
): Promise<{ width: number; height: number }> {
  await page.locator(`[data-chart="${name}"][data-chart-state="drawn"]`).waitFor();
  const box = await page.locator(`[data-chart="${name}"] canvas`).first().boundingBox();
  return { width: box?.width ?? 0, height: box?.height ?? 0 };
}
