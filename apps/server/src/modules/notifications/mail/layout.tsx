/** @jsxRuntime automatic @jsxImportSource react */
// The pragma, not only tsconfig: `npm start` runs this file through tsx from the repository root, whose esbuild would otherwise emit React.createElement.
import { formatNaira } from '@coop/core';
// Each component from its own package: the '@react-email/components' barrel also loads the code block (prismjs), the
// markdown and tailwind components: 0.7 s (0.8 s of CPU) at every start, against 0.07 s for these twelve.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Item } from '../events';
import type { MailContent } from './content';

const paragraphsOf = (text: string) => text.split(/\n{2,}/).filter((p) => p.trim() !== '');

const colours = { ink: '#1f2937', muted: '#6b7280', brand: '#166534', line: '#e5e7eb', warn: '#92400e' };

function ItemRows({ title, items }: { title: string; items: Item[] }) {
  if (items.length === 0) return null;
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Text style={{ fontWeight: 600, margin: '0 0 4px' }}>{title}</Text>
      {items.map((item, i) => (
        <Row key={i} style={{ borderBottom: `1px solid ${colours.line}` }}>
          <Column style={{ fontSize: '14px', padding: '6px 0' }}>{item.label}</Column>
          <Column align="right" style={{ fontSize: '14px', padding: '6px 0', whiteSpace: 'nowrap' }}>
            {formatNaira(item.amountKobo)}
          </Column>
        </Row>
      ))}
    </Section>
  );
}

/** The one layout every mail uses: greeting, paragraphs, itemised amounts, one button, a warning when it matters. */
export function MailLayout({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.paragraphs[0] ?? content.subject}</Preview>
      <Body
        style={{ backgroundColor: '#f9fafb', color: colours.ink, fontFamily: 'Arial, Helvetica, sans-serif' }}
      >
        <Container style={{ backgroundColor: '#ffffff', maxWidth: '560px', padding: '24px' }}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 16px' }}>
            {content.subject}
          </Heading>
          <Text>{content.greeting}</Text>
          {content.paragraphs.map((p, i) => (
            <Text key={i}>{p}</Text>
          ))}
          <ItemRows title="Amounts" items={content.items} />
          <ItemRows title="Awards (not cash)" items={content.awards} />
          {content.action ? (
            <Button
              href={content.action.url}
              style={{
                backgroundColor: colours.brand,
                borderRadius: '6px',
                color: '#ffffff',
                padding: '12px 20px',
              }}
            >
              {content.action.label}
            </Button>
          ) : null}
          {content.warning ? (
            <Text style={{ color: colours.warn, fontWeight: 600 }}>{content.warning}</Text>
          ) : null}
          <Hr style={{ borderColor: colours.line }} />
          <Text style={{ color: colours.muted, fontSize: '12px' }}>{content.footer}</Text>
          {content.quote ? (
            <Section style={{ borderLeft: `3px solid ${colours.line}`, paddingLeft: '12px' }}>
              <Text style={{ fontWeight: 600, margin: '0' }}>{content.quote.title}</Text>
              {paragraphsOf(content.quote.text).map((p, i) => (
                <Text key={i} style={{ whiteSpace: 'pre-line' }}>
                  {p}
                </Text>
              ))}
            </Section>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
