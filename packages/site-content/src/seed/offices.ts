import type { Offices } from '../schemas/offices';

/** The offices; values the spec hides are illustrative: example.com addresses, 555 numbers. */
export const offices = [
  {
    id: 'usa',
    name: 'United States',
    country: 'USA',
    addressLines: ['1200 Harbor Point Drive, Suite 400', 'Stamford, CT 06902', 'United States'],
    phones: [
      { label: 'Main', number: '+1 555 010 2000' },
      { label: 'Support', number: '+1 555 010 2024' },
    ],
    email: 'info@example.com',
    hours: 'Monday to Friday 8:00am to 8:00pm',
    map: { lat: 41.0462, lon: -73.5387 },
  },
  {
    id: 'india',
    name: 'India',
    country: 'India',
    addressLines: ['Level 6, Cyber Towers, HITEC City', 'Hyderabad, Telangana 500081', 'India'],
    phones: [{ label: 'Main', number: '+91 555 010 3000' }],
    email: 'info@example.com',
    hours: 'Monday to Friday 10:00pm to 12:00pm',
    map: { lat: 17.4504, lon: 78.3808 },
  },
  {
    id: 'philippines',
    name: 'Philippines',
    country: 'Philippines',
    addressLines: ['18th Floor, One Ayala Avenue', 'Makati City, Metro Manila 1226', 'Philippines'],
    phones: [{ label: 'Main', number: '+63 555 010 4000' }],
    email: 'info@example.com',
    hours: 'Monday to Friday 8:00pm to 9:00am',
    map: { lat: 14.5509, lon: 121.0244 },
  },
] as const satisfies Offices;
