import styled from 'styled-components';
import { bareFieldset, Button, Loader, Muted, PlatformLogoImage, theme, tileList, useEndpointQuery } from '@portal/kit';
import { PLATFORM_COUNTS, PLATFORM_TYPE, RELEASE_ENDPOINTS, VIDEO_UI } from '@portal/contracts';
import { t } from '../shared/text';

const Group = styled.fieldset`
  ${bareFieldset}
  legend { padding: 0; margin-bottom: 10px; font-weight: 600; font-size: ${theme.font.size.sm}; }
`;

const Grid = styled.ul`
  ${tileList(160, 8)}
`;

const Item = styled.li`
  label {
    display: flex;
    align-items: center;
    gap: 8px;
    padding: 8px 10px;
    border: 1px solid ${theme.colors.accent};
    background: ${theme.colors.accentSoft};
    border-radius: ${theme.radii.sm};
    font-size: ${theme.font.size.sm};
    font-weight: 600;
    min-width: 0;
  }
  input { accent-color: ${theme.colors.accent}; margin: 0; flex: none; }
  span { overflow-wrap: anywhere; line-height: 1.25; }
`;

/**
 * "Video Platform (8+)" (areas §2): the logos of type "3" from getLogos, every one shown checked and
 * locked (a video goes to all of them). Loading, failure (with retry) and empty states.
 */
export function VideoPlatforms() {
  // The logos are a query of the kit's data layer (docs/decisions/025), shared with the release wizard's store list.
  const query = useEndpointQuery(RELEASE_ENDPOINTS.getLogos, {}, { silent: true });
  const failed = query.isError && !query.isFetching;
  const logos = query.data && !query.isError ? (query.data.body ?? []).filter((l) => l.type === PLATFORM_TYPE.video) : null;

  return (
    <Group>
      <legend>{t(VIDEO_UI.form.platforms, { count: PLATFORM_COUNTS.video })}</legend>
      {failed ? (
        <Muted>
          {VIDEO_UI.form.platformsFailed}{' '}
          <Button type="button" variant="text" onClick={() => void query.refetch()}>
            {VIDEO_UI.form.retry}
          </Button>
        </Muted>
      ) : logos === null ? (
        <Loader label={VIDEO_UI.form.platformsLoading} />
      ) : (
        <Grid>
          {logos.map((logo) => (
            <Item key={logo.name}>
              <label title={logo.name}>
                <input type="checkbox" checked readOnly disabled />
                <PlatformLogoImage name={logo.name} logo={logo.logo} size={22} decorative />
                <span>{logo.name}</span>
              </label>
            </Item>
          ))}
        </Grid>
      )}
    </Group>
  );
}
