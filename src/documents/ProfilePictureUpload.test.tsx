import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { documentJson, fakeFile } from '../../tests/data/documents';
import { setAuthTokenSource } from '@/lib/api-client';
import { markDeVries } from '../../tests/msw-handlers';
import { server } from '../../tests/msw-server';
import { renderApp, stubMatchMedia } from '../../tests/render-app';

const imageUrl = '/api/documents/300/thumbnail?width=256&height=256&fit=cover&format=webp';

async function renderBasicInfo() {
  const view = await renderApp('/settings/basic-info');
  await screen.findByRole('heading', { level: 1, name: 'Basic information' });
  return view;
}

const sidebarAvatar = (container: HTMLElement) =>
  container.querySelector('.app-sidebar-user .app-avatar');

beforeEach(() => {
  localStorage.clear();
  stubMatchMedia();
  let next = 0;
  URL.createObjectURL = vi.fn(() => `blob:picture-${++next}`);
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => vi.unstubAllGlobals());

describe('the profile picture', { timeout: 20_000 }, () => {
  it('uploads a new picture and shows it in the sidebar, loaded with the bearer token', async () => {
    setAuthTokenSource({
      token: 'bearer-mark',
      updateToken: () => Promise.resolve(false),
      redirectToLogin: vi.fn(),
    });
    let upload: URLSearchParams | undefined;
    let imageAuthorization: string | null = null;
    server.use(
      http.post('/api/documents', ({ request }) => {
        upload = new URL(request.url).searchParams;
        return HttpResponse.json(
          { imageUrl, document: documentJson({ id: 300, type: 'PROFILE_PICTURE' }) },
          { status: 201 },
        );
      }),
      http.get('/api/documents/300/thumbnail', ({ request }) => {
        imageAuthorization = request.headers.get('Authorization');
        return new HttpResponse(new Uint8Array([82, 73, 70, 70]), {
          headers: { 'Content-Type': 'image/webp' },
        });
      }),
    );
    const { container, store } = await renderBasicInfo();
    // Initials until there is a picture.
    expect(sidebarAvatar(container)).toHaveTextContent('MV');

    await userEvent.upload(
      screen.getByLabelText('Change picture'),
      fakeFile('me.png', 'image/png'),
    );

    await waitFor(() => expect(sidebarAvatar(container)?.tagName).toBe('IMG'));
    expect(sidebarAvatar(container)).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    expect(imageAuthorization).toBe('Bearer bearer-mark');
    expect(upload?.get('userId')).toBe(String(markDeVries.id));
    expect(upload?.get('documentType')).toBe('PROFILE_PICTURE');
    expect(store.getState().user.user?.profilePicture).toBe(imageUrl);
    expect(store.getState().notifications.items.at(-1)?.title).toBe(
      'documents.profilePicture.saved.title',
    );
  });

  it('refuses a PDF as a picture without sending it', async () => {
    let posted = false;
    server.use(
      http.post('/api/documents', () => {
        posted = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    await renderBasicInfo();

    await userEvent.upload(
      screen.getByLabelText('Change picture'),
      fakeFile('me.pdf', 'application/pdf'),
      { applyAccept: false },
    );

    expect(screen.getByRole('alert')).toHaveTextContent(
      'A profile picture must be a PNG, JPEG or WebP image.',
    );
    expect(posted).toBe(false);
  });

  it('keeps the initials when the picture cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get('/api/users/keycloak/:identityId', () =>
        HttpResponse.json({ ...markDeVries, profilePicture: imageUrl }),
      ),
      http.get('/api/documents/300/thumbnail', () =>
        HttpResponse.json({ statusCode: 404, error: 'Not Found', message: 'x' }, { status: 404 }),
      ),
    );
    const { container } = await renderBasicInfo();
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(sidebarAvatar(container)).toHaveTextContent('MV');
  });
});
