import { describe, expect, it } from 'vitest';
import { readEmployeeDetails, writeEmployeeDetails } from './employee-details';

describe('EmployeeDetails in localStorage', () => {
  it('round-trips base64-encoded JSON', () => {
    writeEmployeeDetails({ EmployeeID: 42, PageReloadTime: 30 });
    expect(JSON.parse(atob(localStorage.getItem('EmployeeDetails')!))).toEqual({
      EmployeeID: 42,
      PageReloadTime: 30,
    });
    expect(readEmployeeDetails()).toEqual({ EmployeeID: 42, PageReloadTime: 30 });
  });

  it('answers null when nothing is stored', () => {
    expect(readEmployeeDetails()).toBeNull();
  });

  it.each([
    ['not base64', '%%%'],
    ['not JSON', btoa('{oops')],
    ['wrong shape', btoa(JSON.stringify({ EmployeeID: 1 }))],
    ['negative minutes', btoa(JSON.stringify({ EmployeeID: 1, PageReloadTime: -5 }))],
  ])('removes a corrupt record (%s)', (_, raw) => {
    localStorage.setItem('EmployeeDetails', raw);
    expect(readEmployeeDetails()).toBeNull();
    expect(localStorage.getItem('EmployeeDetails')).toBeNull();
  });
});
