import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminCollectionPage, type CollectionPage } from '../../../../../src/app/features/admin/collection/AdminCollectionPage';
import type { CollectionApi } from '../../../../../src/app/features/admin/collection/collectionApi';
import { TextInput } from '../../../../../src/app/features/admin/form/FormParts';
import { createQueryClient } from '../../../../../src/app/serverState/queryClient';

interface Shelf {
  readonly rowId: number;
  readonly name: string;
  readonly books: number;
}
interface ShelfBody {
  readonly name: string;
}

/** An in-memory collection, with the calls it was asked for. */
function shelvesApi(initial: Shelf[]) {
  let rows = [...initial];
  const calls: string[] = [];
  const api: CollectionApi<Shelf, ShelfBody> = {
    key: 'test.shelves',
    list: async () => rows,
    create: async (body) => {
      calls.push(`create ${body.name}`);
      const shelf = { rowId: rows.length + 10, name: body.name, books: 0 };
      rows = [...rows, shelf];
      return shelf;
    },
    update: async (rowId, body) => {
      calls.push(`update ${rowId} ${body.name}`);
      rows = rows.map((r) => (r.rowId === rowId ? { ...r, name: body.name } : r));
      const saved = rows.find((r) => r.rowId === rowId);
      if (!saved) throw new Error('No such shelf');
      return saved;
    },
    remove: async (rowId) => {
      calls.push(`remove ${rowId}`);
      rows = rows.filter((r) => r.rowId !== rowId);
    },
  };
  return { api, calls };
}

const page = (api: CollectionApi<Shelf, ShelfBody>, overrides: Partial<CollectionPage<Shelf, ShelfBody>> = {}): CollectionPage<Shelf, ShelfBody> => ({
  api,
  names: { one: 'shelf', One: 'Shelf', caption: 'Shelves', inQuestion: 'book shelf', newHeading: 'New book shelf', exportName: 'shelves' },
  intro: 'Shelves hold books.',
  nameOf: (s) => s.name,
  columns: [
    { key: 'name', header: 'Name', value: (s) => s.name },
    { key: 'books', header: 'Books', value: (s) => s.books },
  ],
  fields: ({ draft, set, errors }) => <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} errors={errors('name')} />,
  toBody: ({ name }) => ({ name }),
  newDraft: () => ({ name: '' }),
  loss: (current) => (current.books > 0 ? { text: `It holds ${current.books} books.`, isBlocked: true } : { text: 'It is empty.' }),
  ...overrides,
});

const renderPage = (p: CollectionPage<Shelf, ShelfBody>) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={createMemoryRouter([{ path: '/', element: <AdminCollectionPage page={p} /> }])} />
    </QueryClientProvider>,
  );

describe('AdminCollectionPage', () => {
  it('lists the rows in a table with search and export, and adds one through the form', async () => {
    const { api, calls } = shelvesApi([{ rowId: 1, name: 'Poetry', books: 3 }]);
    renderPage(page(api));
    const table = await screen.findByRole('table', { name: 'Shelves' });
    expect(within(table).getByText('Poetry')).toBeInTheDocument();
    expect(screen.getByLabelText('Search shelves')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add a shelf' }));
    const form = screen.getByRole('form', { name: 'New book shelf' });
    await userEvent.type(within(form).getByLabelText('Name'), 'Drama');
    await userEvent.click(within(form).getByRole('button', { name: 'Save shelf' }));
    expect(await within(table).findByText('Drama')).toBeInTheDocument();
    expect(calls).toEqual(['create Drama']);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('edits a row under a heading naming it, and keeps the form with the field errors when the save fails', async () => {
    const { api, calls } = shelvesApi([{ rowId: 1, name: 'Poetry', books: 3 }]);
    const failing: CollectionApi<Shelf, ShelfBody> = {
      ...api,
      update: async () => {
        throw new Error('Name taken');
      },
    };
    renderPage(page(failing));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Poetry' }));
    const form = screen.getByRole('form', { name: 'Edit shelf “Poetry”' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save shelf' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('The shelf was not saved: Name taken');
    expect(calls).toEqual([]);
  });

  it('confirms a delete with what it loses, and blocks one the collection refuses', async () => {
    const { api, calls } = shelvesApi([{ rowId: 1, name: 'Poetry', books: 3 }, { rowId: 2, name: 'Empty', books: 0 }]);
    renderPage(page(api));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Poetry' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete the book shelf “Poetry”?' });
    expect(await within(dialog).findByText('It holds 3 books.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Delete shelf' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(await screen.findByRole('button', { name: 'Delete Empty' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete the book shelf “Empty”?' });
    expect(await within(dialog).findByText('It is empty.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete shelf' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Empty' })).not.toBeInTheDocument());
    expect(calls).toEqual(['remove 2']);
  });

  it('disables Add when the collection has no draft to offer', async () => {
    const { api } = shelvesApi([]);
    renderPage(page(api, { newDraft: () => undefined }));
    expect(await screen.findByRole('button', { name: 'Add a shelf' })).toBeDisabled();
  });
});
