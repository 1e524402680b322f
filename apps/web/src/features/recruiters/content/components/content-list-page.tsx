import { consolePagePaths } from '@lumenfield/contract';
import { contentEntries } from '@lumenfield/site-content';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@lumenfield/page-kit';
import { contentEntriesQuery } from '../api';
import { entryName } from '../entry-names';
import { ListTable } from '../../common/components/list-table';
import { PageHeading } from '../../common/components/page-heading';
import { Pending } from '../../common/components/status';
import { When } from '../../common/components/when';
import { DraftState } from './draft-state';

export const contentEntryPath = (id: string) =>
  consolePagePaths.contentEntry.replace(':id', encodeURIComponent(id));

const KIND_LABELS = { page: 'Page', block: 'Shared block' } as const;

/** The registry's order: the pages as the site's menu has them, then the shared blocks. */
const ORDER = new Map<string, number>(contentEntries.map((entry, index) => [entry.id, index]));
const inOrder = <T extends { id: string }>(entries: readonly T[]) =>
  [...entries].sort((a, b) => (ORDER.get(a.id) ?? ORDER.size) - (ORDER.get(b.id) ?? ORDER.size));

/** Every editable page and shared block: what it is, its version, and its draft (docs/content.md). */
export default function ContentListPage() {
  const entries = useQuery(contentEntriesQuery);
  return (
    <>
      <PageHeading title="Site content" />
      <p className="rc-muted">
        The words of the site’s pages and of the blocks several pages share. Changes are saved as a
        draft; visitors see them once the draft is published.
      </p>
      <Pending query={entries} what="the site’s content" />
      {entries.isSuccess ? (
        <ListTable
          caption="Pages and shared blocks"
          columns={['Name', 'Kind', { label: 'Version', numeric: true }, 'Last published', 'Draft']}
        >
          {inOrder(entries.data.entries).map((entry) => {
            const { name, where } = entryName(entry);
            return (
              <tr key={entry.id}>
                <td data-label="Name">
                  <Link to={contentEntryPath(entry.id)}>{name}</Link>
                  {where ? <div className="rc-sub rc-muted">{where}</div> : null}
                </td>
                <td data-label="Kind">{KIND_LABELS[entry.kind]}</td>
                <td data-label="Version" className="rc-num">
                  {entry.version}
                </td>
                <td data-label="Last published">
                  <When iso={entry.publishedAt} />
                </td>
                <td data-label="Draft">
                  <DraftState draft={entry.draft} />
                </td>
              </tr>
            );
          })}
        </ListTable>
      ) : null}
    </>
  );
}
