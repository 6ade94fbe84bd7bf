import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

/** Decorative spinner (no accessible name; Loader and Button add one). */
export const Spinner = styled.span<{ $size?: number }>`
  display: inline-block;
  flex: none;
  width: ${({ $size = 28 }) => $size}px;
  height: ${({ $size = 28 }) => $size}px;
  border-radius: 50%;
  border: ${({ $size = 28 }) => Math.max(2, Math.round($size / 9))}px solid currentColor;
  border-right-color: transparent;
  opacity: 0.85;
  animation: ${spin} 0.7s linear infinite;
`;
