import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { pendingRequests } from '@/lib/pending-requests';
import { RequestOverlay } from './request-overlay';

beforeEach(() => pendingRequests.reset());

describe('the Loading... overlay', () => {
  it('is on while any request is pending and off at zero', () => {
    render(<RequestOverlay />);
    expect(screen.queryByText('Loading...')).toBeNull();
    act(() => {
      pendingRequests.start();
      pendingRequests.start();
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    act(() => pendingRequests.finish());
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    act(() => pendingRequests.finish());
    expect(screen.queryByText('Loading...')).toBeNull();
  });
});
