import { describe, expect, it } from 'vitest';
import { placedImages, publishMessages, publishProblems } from './guards';
import { contentEntries, contentFamilies } from './registry';
import { aboutContent } from './seed/about';
import { privacyContent } from './seed/privacy';
import { homeContent } from './seed/home';
import type { ContentImageField } from './schemas/fields';

const photo = (alt: string): ContentImageField => ({
  imageId: 7,
  alt,
  width: 800,
  height: 1000,
  fallback: 'jpg',
});

/** The privacy policy with its first section's blocks replaced. */
function privacyWithBlocks(blocks: unknown[]) {
  const [first, ...rest] = privacyContent.sections;
  return { ...privacyContent, sections: [{ ...first, blocks }, ...rest] };
}

/** The content as the publish route sees it: parsed by its family's schema first. */
function parsed(family: keyof typeof contentFamilies, content: unknown): unknown {
  return contentFamilies[family].parse(content);
}

describe('publishProblems', () => {
  it('lets every seed go live as it ships', () => {
    for (const entry of contentEntries) {
      expect(publishProblems(entry.family, parsed(entry.family, entry.seed)), entry.id).toEqual([]);
    }
  });

  describe('headings in order', () => {
    it('refuses a level-4 subheading with no level-3 one before it in its section', () => {
      const content = privacyWithBlocks([
        { kind: 'paragraph', text: 'Words.' },
        { kind: 'subheading', text: 'Too deep', level: 4 },
        { kind: 'subheading', text: 'In order', level: 3 },
        { kind: 'subheading', text: 'Under it', level: 4 },
      ]);
      expect(publishProblems('privacy', parsed('privacy', content))).toEqual([
        { path: ['sections', 0, 'blocks', 1, 'level'], message: publishMessages.skippedHeading },
      ]);
    });

    it('counts a subheading without a level as level 3, and judges each section alone', () => {
      const [first, second, ...rest] = privacyContent.sections;
      const content = {
        ...privacyContent,
        sections: [
          {
            ...first,
            blocks: [
              { kind: 'subheading', text: 'Plain' },
              { kind: 'subheading', text: 'Below', level: 4 },
            ],
          },
          // The h3 of the section before does not carry over.
          { ...second, blocks: [{ kind: 'subheading', text: 'Alone', level: 4 }] },
          ...rest,
        ],
      };
      expect(publishProblems('privacy', parsed('privacy', content))).toEqual([
        { path: ['sections', 1, 'blocks', 0, 'level'], message: publishMessages.skippedHeading },
      ]);
    });

    it('applies to any list of subheadings, not only the privacy policy’s', () => {
      const blocks = [
        { kind: 'subheading', text: 'A', level: 3 },
        { kind: 'subheading', text: 'B', level: 5 },
        { kind: 'subheading', text: 'C', level: 4 },
        { kind: 'subheading', text: 'D', level: 5 },
        { kind: 'subheading', text: 'E', level: 3 },
        { kind: 'subheading', text: 'F', level: 5 },
      ];
      const problems = publishProblems('home', { blocks });
      expect(problems.map((problem) => problem.path)).toEqual([
        ['blocks', 1, 'level'],
        // A new h3 ends the h4 before it: its h5 needs an h4 of its own.
        ['blocks', 5, 'level'],
      ]);
    });
  });

  describe('alt text', () => {
    it('refuses an image whose alt text is empty or blank, beside its alt field', () => {
      const founders = aboutContent.founders.people.map((person, index) => ({
        ...person,
        photo: photo(index === 0 ? '   ' : `Portrait of ${person.name}`),
      }));
      const management = aboutContent.management.people.map((person) => ({
        ...person,
        photo: photo(''),
      }));
      const content = parsed('about', {
        ...aboutContent,
        founders: { ...aboutContent.founders, people: founders },
        management: { ...aboutContent.management, people: management.slice(0, 1) },
      });
      expect(publishProblems('about', content)).toEqual([
        {
          path: ['founders', 'people', 0, 'photo', 'alt'],
          message: publishMessages.missingAlt,
        },
        {
          path: ['management', 'people', 0, 'photo', 'alt'],
          message: publishMessages.missingAlt,
        },
      ]);
    });

    it('lets a draft keep an empty alt: only publishing refuses it', () => {
      const person = { ...aboutContent.management.people[0], photo: photo('') };
      const draft = {
        ...aboutContent,
        management: { ...aboutContent.management, people: [person] },
      };
      expect(contentFamilies.about.safeParse(draft).success).toBe(true);
    });
  });

  describe('no script or style in content', () => {
    const refused = [
      ['<script>alert(1)</script>', publishMessages.markup],
      ['Hello < SCRIPT src=x>', publishMessages.markup],
      ['A </style> end', publishMessages.markup],
      ['<style>body{display:none}</style>', publishMessages.markup],
      ['<iframe src="https://example.com"></iframe>', publishMessages.markup],
      ['<img src=x onerror=alert(1)>', publishMessages.markup],
      ['<a href="#" onClick = "steal()">', publishMessages.markup],
      ['javascript:alert(1)', publishMessages.scriptUrl],
      ['JavaScript :alert(1)', publishMessages.scriptUrl],
      ['java\tscript:alert(1)', publishMessages.scriptUrl],
    ] as const;

    it.each(refused)('refuses %j', (text, message) => {
      const content = { ...homeContent, hero: { ...homeContent.hero, title: text } };
      expect(publishProblems('home', content)).toEqual([{ path: ['hero', 'title'], message }]);
    });

    it('keeps words that only look close', () => {
      for (const text of [
        'We script our deployments and style our pages.',
        'Turn on = off? Sign on, add-ons = savings.',
        'a < b and b > c',
        'JavaScript and TypeScript developers',
      ]) {
        const content = { ...homeContent, hero: { ...homeContent.hero, title: text } };
        expect(publishProblems('home', content), text).toEqual([]);
      }
    });
  });

  describe('internal links answer', () => {
    const withLink = (href: string) => ({ links: [{ label: 'See', href }] });

    it('refuses a path no route answers', () => {
      expect(publishProblems('home', withLink('/no-such-page'))).toEqual([
        { path: ['links', 0, 'href'], message: publishMessages.deadLink },
      ]);
      expect(publishProblems('home', withLink('/careers/jobs/abc'))).toHaveLength(1);
    });

    it('accepts a path of the route table, in any spelling, with a query or a fragment', () => {
      for (const href of [
        '/',
        '/about',
        '/About/',
        '/careers?q=java',
        '/privacypolicy#gdpr',
        '/careers/jobs/12',
      ]) {
        expect(publishProblems('home', withLink(href)), href).toEqual([]);
      }
    });

    it('leaves other sites and words with slashes alone', () => {
      for (const href of [
        'https://example.com/x',
        '//example.com/x',
        '24/7 support',
        '/ not a path',
      ]) {
        expect(publishProblems('home', withLink(href)), href).toEqual([]);
      }
    });
  });
});

describe('placedImages', () => {
  it('finds every image the content places, with where, and none in the seeds', () => {
    const [first, second, ...others] = aboutContent.founders.people;
    const about = {
      ...aboutContent,
      founders: {
        ...aboutContent.founders,
        people: [{ ...first, photo: photo('Priya') }, second, ...others],
      },
      management: {
        ...aboutContent.management,
        people: aboutContent.management.people.map((person, index) =>
          index === 2 ? { ...person, photo: { ...photo(''), imageId: 9 } } : person,
        ),
      },
    };
    expect(placedImages(about)).toEqual([
      { path: ['founders', 'people', 0, 'photo'], imageId: 7 },
      { path: ['management', 'people', 2, 'photo'], imageId: 9 },
    ]);
    for (const entry of contentEntries) expect(placedImages(entry.seed), entry.id).toEqual([]);
  });
});
