import MarkdownIt from 'markdown-it';
import { fillTemplate, type TemplateValues } from './fill-template';

/**
 * The owner's legal texts, Markdown to HTML that is safe to put in a page: raw HTML is shown as
 * text (`html: false`), links are only http(s), mailto and tel (markdown-it's validateLink already
 * refuses javascript:, vbscript:, file: and data:), images are not rendered at all, and nesting is
 * capped so a crafted text cannot make the renderer work for long. Imported from
 * `@shop/shared/legal-markdown` only: the server renders, the panel's preview loads it on demand.
 */
const renderer = new MarkdownIt('default', {
  html: false,
  linkify: false,
  typographer: false,
  maxNesting: 20,
});
renderer.disable(['image']);

const SAFE_LINK = /^(https?:|mailto:|tel:|#)/i;
const defaultValidate = renderer.validateLink.bind(renderer);
renderer.validateLink = (url) => defaultValidate(url) && SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  renderer.renderer.rules.link_open ??
  ((tokens, index, options, _env, self) => self.renderToken(tokens, index, options));
renderer.renderer.rules.link_open = (tokens, index, options, env, self) => {
  const token = tokens[index];
  if (token && /^https?:/i.test(String(token.attrGet('href') ?? ''))) {
    token.attrSet('target', '_blank');
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, index, options, env, self);
};

/** The text with its `{{seller.name}}`-style names filled, as HTML. */
export function renderLegalMarkdown(markdown: string, values: TemplateValues): string {
  return renderer.render(fillTemplate(markdown, values));
}
