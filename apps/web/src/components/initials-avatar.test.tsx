import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialsAvatar, initialsOf } from './initials-avatar';

describe('InitialsAvatar', () => {
  it('takes the first and last initials', () => {
    expect(initialsOf('Priya Raman')).toBe('PR');
    expect(initialsOf('  grace  de la Cruz ')).toBe('GC');
    expect(initialsOf('Cher')).toBe('C');
  });

  it('is an image named after the person, with a fixed size', () => {
    render(<InitialsAvatar name="Daniel Okafor" size={88} />);
    const image = screen.getByRole('img', { name: 'Portrait of Daniel Okafor' });
    expect(image).toHaveAttribute('width', '88');
    expect(image).toHaveAttribute('height', '88');
    expect(image).toHaveTextContent('DO');
  });
});
