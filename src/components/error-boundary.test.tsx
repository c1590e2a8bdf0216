// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { withErrorBoundary } from './error-boundary';

afterEach(cleanup);

function Broken(): never {
  throw new Error('boom');
}

it('shows the spec fallback when an island throws', () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const Island = withErrorBoundary(Broken);
  render(<Island />);
  expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!');
  consoleError.mockRestore();
});

it('renders the island when nothing throws', () => {
  const Island = withErrorBoundary(() => <p>fine</p>);
  render(<Island />);
  expect(screen.getByText('fine')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
