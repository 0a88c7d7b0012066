import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/**
 * 'Edit in the editor': the full editor with this project. The hash router keeps the address's
 * `?pid=` (kept equal to the saved project's id), so `#/builder` opens the same project.
 */
export function EditInEditor() {
  return (
    <Button
      component={Link}
      to="/builder"
      variant="default"
      leftSection={<IconLayoutDashboard size={16} />}
      data-testid="publish-edit-in-editor"
    >
      Edit in the editor
    </Button>
  );
}
