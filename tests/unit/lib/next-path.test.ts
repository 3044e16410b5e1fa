import { nextFor, safeNextPath, signInToContinue } from '../../../src/lib/next-path.ts';

describe('where to land after signing in', () => {
  it('takes only this site\'s dashboard addresses', () => {
    for (const good of ['/student/dashboard', '/student/dashboard/upcoming', '/tutors/myself/dashboard/schedule', '/tutors/12/dashboard/history', '/tutors/myself/dashboard/supervisor?from=2026-11-01&to=2026-11-27&archived=1']) {
      expect(safeNextPath(good)).toBe(good);
    }
    for (const bad of [
      'https://evil.example/student/dashboard',
      '//evil.example/student/dashboard',
      '/\\evil.example',
      '/login?token=x',
      '/',
      '/student/dashboard/../../admin',
      '/tutors/abc/dashboard',
      '/student/dashboard?next=<script>',
      '/student/dashboard#x',
      `/student/dashboard/${'a'.repeat(300)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad)).toBeNull();
    }
  });

  it("keeps an account to its own kind of dashboard", () => {
    expect(nextFor('/student/dashboard/upcoming', 'customer')).toBe('/student/dashboard/upcoming');
    expect(nextFor('/student/dashboard/upcoming', 'tutor')).toBeNull();
    expect(nextFor('/tutors/myself/dashboard', 'tutor')).toBe('/tutors/myself/dashboard');
    expect(nextFor('/tutors/myself/dashboard', 'customer')).toBeNull();
  });

  it('encodes the address into the home page\'s', () => {
    expect(signInToContinue('/tutors/myself/dashboard/supervisor?from=2026-11-01')).toBe('/?next=%2Ftutors%2Fmyself%2Fdashboard%2Fsupervisor%3Ffrom%3D2026-11-01');
  });
});
