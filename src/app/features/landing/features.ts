/** The value points the landing page lists. */
export const landingFeatures = [
  {
    title: 'Your timetable, always there',
    text: 'Lectures, seminars and labs grouped by day, with rooms on a map. It opens even with no signal.',
  },
  {
    title: 'Attendance at a glance',
    text: 'See how you are doing this year, register at monitored sessions and request an absence.',
  },
  {
    title: 'Everything in one place',
    text: 'Digital platforms, popular resources and your favourites, a tap away.',
  },
  {
    title: 'Made for campus Wi-Fi',
    text: 'Changes you make offline are kept and sent when you are back online.',
  },
] as const;
