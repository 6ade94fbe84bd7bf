/** @jest-environment jsdom */
import { act, fireEvent, render } from '@testing-library/react';
import { useFormik } from 'formik';
import { fieldProps } from './form-errors';

type Values = { production_year: string; title: string };
function YearForm() {
  const formik = useFormik<Values>({ initialValues: { production_year: '2025', title: '' }, onSubmit: () => undefined });
  return (
    <form>
      <output aria-label="values">{JSON.stringify(formik.values)}</output>
      <label htmlFor="year">Production Year</label>
      <input id="year" type="number" {...fieldProps(formik, 'production_year')} />
      <label htmlFor="title">Title</label>
      <input id="title" {...fieldProps(formik, 'title')} />
    </form>
  );
}

/** The form's values as the component rendered them (JSON keeps a number apart from a string). */
const valuesOf = (view: ReturnType<typeof render>): Values => JSON.parse(view.getByLabelText('values').textContent ?? '{}') as Values;

describe('fieldProps (docs/decisions/017)', () => {
  it('keeps what a number input holds as a string, so schemas may trim it (typing a year, arrow keys)', async () => {
    const view = render(<YearForm />);
    await act(async () => {
      fireEvent.change(view.getByLabelText('Production Year'), { target: { value: '2024' } });
    });
    expect(valuesOf(view).production_year).toBe('2024');
    expect(typeof valuesOf(view).production_year).toBe('string');
    expect(() => valuesOf(view).production_year.trim()).not.toThrow();
    await act(async () => {
      fireEvent.change(view.getByLabelText('Production Year'), { target: { value: '' } });
    });
    expect(valuesOf(view).production_year).toBe('');
  });

  it('a text input still stores what was typed', async () => {
    const view = render(<YearForm />);
    await act(async () => {
      fireEvent.change(view.getByLabelText('Title'), { target: { value: 'Monsoon' } });
    });
    expect(valuesOf(view).title).toBe('Monsoon');
  });
});
