import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactContent, offices } from '@lumenfield/site-content';
import { OfficeTabs } from './office-tabs';

const renderTabs = () => render(<OfficeTabs offices={offices} text={contactContent.offices} />);

describe('OfficeTabs', () => {
  it('starts on the USA with its address card and map, other maps not created', () => {
    renderTabs();
    const usa = screen.getByRole('tab', { name: 'USA' });
    expect(usa).toHaveAttribute('aria-selected', 'true');
    expect(usa).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'India' })).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAccessibleName('USA');
    expect(within(panel).getByText('Monday to Friday 8:00am to 8:00pm (Eastern)')).toBeVisible();
    expect(within(panel).getByRole('link', { name: '+1 555 010 2000' })).toHaveAttribute(
      'href',
      'tel:+15550102000',
    );
    expect(within(panel).getByRole('link', { name: 'info@example.com' })).toHaveAttribute(
      'href',
      'mailto:info@example.com',
    );
    expect(screen.getByTitle('Map of our United States office')).toHaveAttribute('height', '450');
    expect(screen.queryByTitle('Map of our India office')).toBeNull();
    expect(screen.queryByTitle('Map of our Philippines office')).toBeNull();
  });

  it('creates a map the first time its tab is shown and keeps it', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'India' }));
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('India');
    expect(screen.getByText('Monday to Friday 10:00pm to 12:00pm (Eastern)')).toBeVisible();
    const map = screen.getByTitle('Map of our India office');
    expect(map.getAttribute('src')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=[-\d.%C]+&layer=mapnik&marker=17\.4504,78\.3808$/,
    );
    await user.click(screen.getByRole('tab', { name: 'USA' }));
    expect(screen.getByTitle('Map of our India office', { exact: true })).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys, Home and End (WAI-ARIA tabs)', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'USA' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Philippines' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Philippines' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByText('Monday to Friday 8:00pm to 9:00am (Eastern)')).toBeVisible();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'USA' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Philippines' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'USA' })).toHaveAttribute('aria-selected', 'true');
  });
});
