/**
 * The specs' strings are American English, so every string a user can read is too: the web
 * app's text, the shared messages and validation errors of core, the server's error messages and
 * mails, and the static docs pages. Only text is checked — string literals, template text and
 * JSX text, read with TypeScript's parser — never identifiers, import paths or comments.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listFiles, repoRoot as root } from './support/files';

const sourceRoots = ['apps/web/src', 'packages/core/src', 'apps/server/src'];
const pageRoots = ['apps/web/public'];

/**
 * British spellings and their American forms (any ending: colours, organised, summarising …).
 * 'cancelling' is left out: spec 001 §8 writes 'Cancelling speech generation..' and is quoted verbatim.
 */
const BRITISH = new RegExp(
  `\\b(${[
    'colour',
    'favourite',
    'flavour',
    'honour',
    'behaviour',
    'neighbour',
    'organis',
    'optimis',
    'customis',
    'summaris',
    'recognis',
    'synthesis(?:e|ed|es|ing|er)\\b',
    'analys(?:e|ed|es|ing)\\b',
    'normalis',
    'prioritis',
    'personalis',
    'visualis',
    'categoris',
    'memoris',
    'minimis',
    'maximis',
    'apologis',
    'authoris',
    'licence',
    'centre',
    'cancelled',
    'catalogue',
    'grey',
    'travelled',
    'labelled',
    'modelled',
    'programme',
    'defence',
  ].join('|')})`,
  'i',
);

const listMatching = (dir: string, pattern: RegExp) => listFiles(dir, (name) => pattern.test(name));

const isTestFile = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\/)test-[\w-]+\.ts$/.test(file);

/** Where a string literal is code rather than text: module names and property keys. */
function isCodeString(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    (ts.isCallExpression(parent) && parent.expression.kind === ts.SyntaxKind.ImportKeyword) ||
    (ts.isPropertyAssignment(parent) && parent.name === node) ||
    ts.isLiteralTypeNode(parent)
  );
}

/** The readable text of a TypeScript file, one entry per literal or JSX text. */
function textsOf(file: string, content: string): string[] {
  const source = ts.createSourceFile(file, content, ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (!isCodeString(node)) texts.push(node.text);
    } else if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** The visible text of an HTML page: tags, scripts and styles removed. */
const pageText = (file: string) =>
  readFileSync(path.join(root, file), 'utf8')
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');

describe('UI spelling', () => {
  const sources = sourceRoots.flatMap((dir) => listMatching(dir, /\.tsx?$/)).filter((file) => !isTestFile(file));

  it('reads the sources', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('writes user-visible strings in American English, as the specs do', () => {
    const found: string[] = [];
    for (const file of sources) {
      const content = readFileSync(path.join(root, file), 'utf8');
      // Only a file holding such a word somewhere (mostly in names and comments) needs parsing.
      if (!BRITISH.test(content)) continue;
      for (const text of textsOf(file, content)) {
        const match = BRITISH.exec(text);
        if (match) found.push(`${file}: "${match[0]}" in ${JSON.stringify(text.trim().slice(0, 80))}`);
      }
    }
    for (const file of pageRoots.flatMap((dir) => listMatching(dir, /\.html$/))) {
      const match = BRITISH.exec(pageText(file));
      if (match) found.push(`${file}: "${match[0]}"`);
    }
    expect(found).toEqual([]);
  });
});
