import { http, HttpResponse } from 'msw';

interface ProfileBody {
  username: string;
  ageConfirmed: boolean;
}

// The gateway's happy paths; a test overrides one with server.use() to exercise a failure.
export const handlers = [
  http.post<never, ProfileBody>('/api/v1/me', async ({ request }) => {
    const { username } = await request.json();
    return HttpResponse.json({ uid: 'uid-1', email: 'user@example.com', username, plan: 'free' });
  }),
];
