import { CAP_MESSAGES } from '@loa/contract';
import { AppError } from '../../infra/errors';
import { listOf, textOf, type XmlNode } from './capXml';

/** What a feed document holds: alerts given inline, and links to alert documents. */
export function feedContents(root: string, node: XmlNode, base: string): { alerts: XmlNode[]; links: string[] } {
  const absolute = (href: string) => {
    try {
      return new URL(href, base).href;
    } catch {
      return null;
    }
  };
  if (root === 'alert') return { alerts: [node], links: [] };
  if (root === 'feed') {
    const alerts: XmlNode[] = [];
    const links: string[] = [];
    for (const entry of listOf(node.entry) as XmlNode[]) {
      const content = entry.content as XmlNode | undefined;
      const inline = content && typeof content === 'object' ? listOf(content.alert)[0] : undefined;
      if (inline && typeof inline === 'object') {
        alerts.push(inline as XmlNode);
        continue;
      }
      const candidates = (listOf(entry.link) as XmlNode[]).filter((l) => typeof l === 'object' && l['@href']);
      const link = candidates.find((l) => /cap/i.test(textOf(l['@type']))) ?? candidates.find((l) => !l['@rel'] || textOf(l['@rel']) === 'alternate');
      const href = link && absolute(textOf(link['@href']));
      if (href) links.push(href);
    }
    return { alerts, links };
  }
  if (root === 'rss') {
    const channel = (listOf(node.channel)[0] ?? {}) as XmlNode;
    const links = (listOf(channel.item) as XmlNode[]).map((item) => absolute(textOf(item.link).trim())).filter((l): l is string => !!l);
    return { alerts: [], links };
  }
  throw new AppError(400, CAP_MESSAGES.feedUnreadable);
}
