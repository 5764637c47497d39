import { createElement, type ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';
import { plainTextSelectors } from '@react-email/render';
import { compile } from 'html-to-text';
import type { OutgoingMail } from '../../../adapters/mail';
import { mailContent, type MailSite, type QueuedMail } from './content';
import { MailLayout } from './layout';

// The XHTML doctype mail clients expect, as @react-email/render writes it.
const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The same streaming renderer @react-email/render calls, from React's edge build (no AsyncLocalStorage in Node 20's globals, no MessageChannel holding the process open): its Node build starts an
 * AsyncLocalStorage on the first render, after which every promise in the process pays Node 20's async hooks
 * (decision 0036: about a tenth of each API call's CPU once a mail had been sent). The layout has no images, so
 * there are no image preloads to strip.
 */
async function renderHtml(element: ReactElement): Promise<string> {
  const stream = await renderToReadableStream(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  await stream.allReady;
  const html = await new Response(stream).text();
  return MAIL_DOCTYPE + html.replace(/<!DOCTYPE.*?>/, '');
}

/**
 * @react-email/render's toPlainText, its options compiled once: it calls html-to-text's convert, which compiles the
 * same options (selectors, formatters) again for every mail, two thirds of the conversion's time (decision 0055,
 * addendum 2). Same options, same text.
 */
const toPlainText = compile({ wordwrap: false, selectors: [...plainTextSelectors] });

/** Both parts of a mail from one template: the HTML, and the plain text read off that same HTML. */
export async function renderMail(to: string, mail: QueuedMail, site: MailSite): Promise<OutgoingMail> {
  const content = mailContent(mail, site);
  const html = await renderHtml(createElement(MailLayout, { content }));
  const text = toPlainText(html);
  return { to, subject: content.subject, text, html };
}
