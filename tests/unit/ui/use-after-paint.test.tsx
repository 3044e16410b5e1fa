import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterPaint } from '../../../src/ui/use-after-paint.ts';

function Photo() {
  const painted = useAfterPaint();
  return <img alt="" data-testid="photo" src={painted ? '/tutor_images/1.jpg' : undefined} />;
}

describe('useAfterPaint', () => {
  it('is false on the first render and true once a frame has passed', async () => {
    render(<Photo />);
    expect(screen.getByTestId('photo').getAttribute('src')).toBeNull();
    await act(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 10))));
    expect(screen.getByTestId('photo').getAttribute('src')).toBe('/tutor_images/1.jpg');
  });
});
