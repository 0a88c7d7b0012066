import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { messages, type ProjectSummary } from '@reelwright/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectApi } from '../project/project-api';
import { useProject } from '../project/project-store';
import { openTextPrompt } from './open-text-prompt';
import { projectLabel } from './project-list';
import { awaitsPoster } from './project-thumbnail';

export const PROJECTS_QUERY_KEY = ['projects'] as const;

/** While a poster is being drawn, the open list asks again this often to show it when ready. */
const POSTER_POLL_MS = 2000;

/**
 * The member's projects for 'My videos', refreshed each time the dropdown opens, and while it is
 * open until the posters being drawn are there (D69).
 */
export function useProjectList(enabled: boolean) {
  return useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: projectApi.list,
    enabled,
    staleTime: 0,
    refetchInterval: (query) => (awaitsPoster(query.state.data ?? []) ? POSTER_POLL_MS : false),
  });
}

const showError = (error: Error) => notifications.show({ color: 'red', message: error.message });

/** Rename (prompt pre-filled with title or name; empty cancels) and delete (with confirmation). */
export function useProjectActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: PROJECTS_QUERY_KEY });

  const rename = useMutation({
    mutationFn: projectApi.rename,
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      if (useProject.getState().id === answer.id) useProject.setState({ title: answer.title });
      void refresh();
    },
    onError: showError,
  });

  const remove = useMutation({
    mutationFn: projectApi.remove,
    onSuccess: (answer) => {
      notifications.show({ color: 'green', message: answer.message });
      // The open project is gone: keep working on a new one rather than saving into a deleted id.
      if (useProject.getState().id === answer.id) useProject.getState().startEmpty();
      void refresh();
    },
    onError: showError,
  });

  return {
    async rename(project: ProjectSummary) {
      const title = await openTextPrompt({
        title: 'Rename video',
        label: 'New name',
        initial: projectLabel(project),
        confirmLabel: 'Rename',
      });
      if (title) rename.mutate({ id: project.id, title });
    },
    remove(project: ProjectSummary) {
      modals.openConfirmModal({
        title: `Delete “${projectLabel(project)}”`,
        centered: true,
        children: <Text size="sm">{messages.confirmDelete}</Text>,
        labels: { confirm: 'Delete', cancel: 'Cancel' },
        confirmProps: { color: 'red' },
        onConfirm: () => remove.mutate({ id: project.id }),
      });
    },
  };
}
