import { emptyProjectData } from '@reelwright/core';
import { describe, expect, it } from 'vitest';
import { addressWithPid, loadTargetFromSearch, pidFromSearch, projectOpenUrl } from './project-address';
import { namePromptDefault, suggestedProjectName } from './project-name';

describe('project address', () => {
  it('reads a positive whole pid only', () => {
    expect(pidFromSearch('?pid=7')).toBe(7);
    expect(pidFromSearch('?pid=0')).toBeNull();
    expect(pidFromSearch('?pid=abc')).toBeNull();
    expect(pidFromSearch('?pid=-3')).toBeNull();
    expect(pidFromSearch('')).toBeNull();
  });

  it('chooses what to load at start', () => {
    expect(loadTargetFromSearch('?reserved=1')).toEqual({ kind: 'reserved' });
    expect(loadTargetFromSearch('?pid=12')).toEqual({ kind: 'id', id: 12 });
    expect(loadTargetFromSearch('?kw=cats')).toEqual({ kind: 'empty' });
  });

  it('sets and removes pid, keeping other params and the hash route', () => {
    expect(addressWithPid('http://x.test/app.html?kw=a#/builder', 5)).toBe('/app.html?kw=a&pid=5#/builder');
    expect(addressWithPid('http://x.test/app.html?pid=4#/wizard/keyword', 5)).toBe('/app.html?pid=5#/wizard/keyword');
    expect(addressWithPid('http://x.test/app.html?pid=4#/builder', null)).toBe('/app.html#/builder');
  });

  it('opens projects on the wizard with a full page address', () => {
    expect(projectOpenUrl(3)).toBe('/app.html?pid=3#/wizard');
  });
});

describe('project name', () => {
  it('suggests the first wizard keyword, else My video', () => {
    const data = emptyProjectData();
    expect(suggestedProjectName(data)).toBe('My video');
    data.wizard.keyword = ' cat care , dog care';
    expect(suggestedProjectName(data)).toBe('cat care');
  });

  it('pre-fills the prompt with the suggestion or My project', () => {
    expect(namePromptDefault('cat care')).toBe('cat care');
    expect(namePromptDefault('  ')).toBe('My project');
    expect(namePromptDefault(undefined)).toBe('My project');
  });
});
