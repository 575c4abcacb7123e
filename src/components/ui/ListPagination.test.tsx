import { screen } from '@testing-library/react';
import { ListPagination } from '@/components/ui/ListPagination';
import { renderWithProviders } from '../../../tests/render-with-providers';

describe('ListPagination', () => {
  it('says how many there are', () => {
    renderWithProviders(
      <ListPagination
        page={{ page: 1, size: 20, totalElements: 45, totalPages: 3 }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();
  });

  it('says "more than" when the server stopped counting, and how to reach the rest', () => {
    renderWithProviders(
      <ListPagination
        page={{ page: 0, size: 20, totalElements: 10000, totalPages: 500, totalCapped: true }}
        onChange={() => {}}
      />,
    );
    expect(
      screen.getByText(
        'Showing 1–20 of more than 10000: narrow the list with a filter to reach the rest',
      ),
    ).toBeInTheDocument();
  });
});
