/**
 * Plan rules live in the policy only (issue 20, part 3; D63): the table of what each plan may do
 * is core's `account/abilities.ts`, which the server's `accounts/policy.ts` serves, and every
 * other file reads abilities. This test reads the sources with TypeScript's parser and fails on
 * any plan comparison elsewhere: `plan === 'free'`, `member.plan !== …`, a comparison with a
 * plan's name, a `switch` over a plan, a lookup indexed by a plan (`quota[member.plan]`) or a
 * membership test (`['paid', 'business'].includes(plan)`). Showing a plan's name is not a rule.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PlanSchema } from '@reelwright/core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot as root } from './support/files';

const sourceRoots = [
  'apps/server/src',
  'apps/web/src',
  ...readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}/src`),
];

/** The only files that may turn a plan into rules. */
const POLICY_FILES = ['packages/core/src/account/abilities.ts', 'apps/server/src/accounts/policy.ts'];

/** Comparisons that show which plan the member is on and decide nothing (file → code → why). */
const DISPLAY_ONLY: Record<string, Record<string, string>> = {
  'apps/web/src/features/pricing/PricingPage.tsx': {
    'card.plan === current': "marks the card of the member's own plan ('Your plan')",
  },
};

const PLAN_NAMES = new Set<string>(PlanSchema.options);

const listSources = (dir: string) => listFiles(dir, (name) => /\.tsx?$/.test(name) && !/\.(test|d)\.tsx?$/.test(name));

/** `plan`, `member.plan`, `user?.plan`, `x['plan']`. */
function isPlan(node: ts.Node): boolean {
  const inner = ts.isParenthesizedExpression(node) || ts.isNonNullExpression(node) ? node.expression : node;
  if (ts.isIdentifier(inner)) return inner.text === 'plan';
  if (ts.isPropertyAccessExpression(inner)) return inner.name.text === 'plan';
  if (ts.isElementAccessExpression(inner))
    return ts.isStringLiteralLike(inner.argumentExpression) && inner.argumentExpression.text === 'plan';
  return false;
}

/** `'free'`, `'paid'`, `'business'`. */
const isPlanName = (node: ts.Node) => ts.isStringLiteralLike(node) && PLAN_NAMES.has(node.text);

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);
const MEMBERSHIP = new Set(['includes', 'has', 'indexOf']);

/** Text that may hold a plan check; the rest is not parsed (a few hundred files are not). */
const MENTIONS_PLAN = /\bplan\b|['"`](?:free|paid|business)['"`]/;

/** The plan checks in one file's text, as `file:line  code`. */
function planChecks(file: string, text = readFileSync(path.join(root, file), 'utf8')): string[] {
  if (!MENTIONS_PLAN.test(text)) return [];
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const code = node.getText(source).replace(/\s+/g, ' ');
    if (DISPLAY_ONLY[file]?.[code]) return;
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${file}:${line + 1}  ${code}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const sides = [node.left, node.right];
      if (sides.some(isPlan) || sides.some(isPlanName)) report(node);
    } else if (ts.isSwitchStatement(node) && isPlan(node.expression)) {
      report(node.expression);
    } else if (ts.isCaseClause(node) && isPlanName(node.expression)) {
      report(node);
    } else if (ts.isElementAccessExpression(node) && isPlan(node.argumentExpression)) {
      report(node);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      MEMBERSHIP.has(node.expression.name.text) &&
      node.arguments.some(isPlan)
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sourceRoots.flatMap(listSources);

describe('plan rules', () => {
  it('reads the source tree, the policy files among it', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const policy of POLICY_FILES) expect(files).toContain(policy);
  });

  it('are decided in the policy only: everything else reads abilities', () => {
    const outside = files.filter((file) => !POLICY_FILES.includes(file)).flatMap((file) => planChecks(file));
    expect(outside).toEqual([]);
  });

  it('recognizes the plan checks it looks for, and nothing else', () => {
    const sample = [
      "if (member.plan === 'free') {}",
      "const paid = user?.plan !== 'free';",
      "const blocked = 'business' == tier;",
      'const limit = config.dailyQuota[member.plan];',
      "switch (plan) { case 'paid': break; }",
      "const ok = ['paid', 'business'].includes(user.plan);",
      "const voice = source === 'free_tts'; const name = member.plan + ' account'; abilitiesFor(member.plan);",
    ].join('\n');
    expect(planChecks('sample.ts', sample).map((check) => check.split('  ')[0])).toEqual([
      'sample.ts:1',
      'sample.ts:2',
      'sample.ts:3',
      'sample.ts:4',
      'sample.ts:5',
      'sample.ts:5',
      'sample.ts:6',
    ]);
  });
});
