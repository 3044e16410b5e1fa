import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useStepFocus } from '../../../src/ui/use-step-focus.ts';

const steps = ['Welcome', 'Your pass guarantee', 'Setup'];

/** Three steps that replace each other, each with an h1 above it as on the gradebook screen. */
function Steps() {
  const [step, setStep] = useState(0);
  const ref = useStepFocus<HTMLDivElement>(step);
  return (
    <div ref={ref}>
      <h1>Gradebook</h1>
      <section>
        <h2>{steps[step]}</h2>
        {step < steps.length - 1 && (
          <button type="button" onClick={() => setStep(step + 1)}>
            Next
          </button>
        )}
      </section>
    </div>
  );
}

describe('useStepFocus', () => {
  it('leaves focus alone on the first render', () => {
    render(<Steps />);
    expect(document.body).toHaveFocus();
    expect(screen.getByRole('heading', { level: 2 })).not.toHaveAttribute('tabindex');
  });

  it("moves focus to the new step's h2 (not the h1 above it), out of the Tab order", async () => {
    render(<Steps />);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const heading = screen.getByRole('heading', { level: 2, name: 'Your pass guarantee' });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Setup' })).toHaveFocus();
  });

  it('does not take focus back when the screen re-renders without a new step', async () => {
    function Rerendering() {
      const [count, setCount] = useState(0);
      const ref = useStepFocus<HTMLDivElement>('only step');
      return (
        <div ref={ref}>
          <h2>Only step</h2>
          <button type="button" onClick={() => setCount(count + 1)}>
            Clicked {count}
          </button>
        </div>
      );
    }
    render(<Rerendering />);
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toHaveFocus();
  });
});
