import { PROJECT_SEARCH_THRESHOLD, type ProjectSummary } from '@reelwright/core';

/** What a project is called in lists: its title, else its name (spec 000 §2). */
export function projectLabel(project: Pick<ProjectSummary, 'title' | 'name'>): string {
  return project.title.trim() || project.name.trim() || 'Untitled video';
}

/** The search box shows only above 5 projects. */
export function showProjectSearch(count: number): boolean {
  return count > PROJECT_SEARCH_THRESHOLD;
}

/** Projects whose title or name contains the query, ignoring case. */
export function filterProjects<T extends Pick<ProjectSummary, 'title' | 'name'>>(
  projects: readonly T[],
  query: string,
) {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...projects];
  return projects.filter((p) => `${p.title}\n${p.name}`.toLowerCase().includes(needle));
}

/** A short, local created date ('Mar 4, 2025'). */
export function formatCreatedDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
