export { ArticleEditor } from './ArticleEditor';
export { ListicleBuilder } from './ListicleBuilder';
export { PasteBox } from './PasteBox';
export { QuizBuilder } from './QuizBuilder';
export { UrlImport } from './UrlImport';
