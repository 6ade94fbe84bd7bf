import styled from 'styled-components';
import { TextField } from '@portal/kit';

/**
 * The kit TextField with room kept for its one-line error message. Errors appear on blur (core §5
 * forms), and without the room everything under the field would jump down at that moment, so a
 * click on "Forgot Password?", "Sign up" or the submit button would land on empty space.
 * Height: label 20 + gap 6 + input 41 + gap 6 + error line 20.
 */
export const Field = styled(TextField)`
  min-height: 93px;
  margin-bottom: 6px;
`;
