import { updateWizard } from '../use-wizard';

/**
 * Ends a chosen article, paste, import, listicle or quiz: the article goes into the wizard and the source becomes
 * 'edit', so the content step shows the editor (spec 001 §4). The keyword step's choice stays in
 * `originalSource`. Fields left out of `article` are kept.
 */
export function finishContent(article: { title: string; body: string; url?: string; type?: string }) {
  updateWizard((wizard) => {
    if (wizard.source && wizard.source !== 'edit') wizard.originalSource ??= wizard.source;
    wizard.title = article.title;
    wizard.body = article.body;
    if (article.url !== undefined) wizard.url = article.url;
    if (article.type !== undefined) wizard.type = article.type;
    wizard.source = 'edit';
  });
}
