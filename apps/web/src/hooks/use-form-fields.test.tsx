// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { renderPerTest } from '@/testing/render.tsx';
import { useFormFields, type FormFieldsOptions } from './use-form-fields.ts';

interface Values {
  name: string;
  city: string;
}

const EMPTY: Values = { name: '', city: '' };
const validate = (v: Values) => ({
  ...(v.name.trim() ? {} : { name: 'Name is required' }),
  ...(v.city.trim() ? {} : { city: 'City is required' }),
});

type Form = ReturnType<typeof useFormFields<Values>>;

describe('form fields', () => {
  const view = renderPerTest();
  let form: Form | undefined;

  function Probe(props: Pick<FormFieldsOptions<Values>, 'recheck'>) {
    form = useFormFields({ empty: EMPTY, validate, ...props });
    return null;
  }
  const current = (): Form => {
    if (!form) throw new Error('not rendered');
    return form;
  };

  it('after-submit: quiet until the first submit, then every field on each change', () => {
    view.render(<Probe />);
    act(() => current().change('name', 'A'));
    expect(current().errors).toEqual({});

    let ok = true;
    act(() => {
      ok = current().check();
    });
    expect(ok).toBe(false);
    expect(current().errors).toEqual({ city: 'City is required' });

    act(() => current().change('city', 'Pune'));
    expect(current().errors).toEqual({});
    act(() => {
      ok = current().check();
    });
    expect(ok).toBe(true);

    act(() => current().reset());
    expect(current().values).toEqual(EMPTY);
    act(() => current().change('name', ''));
    expect(current().errors).toEqual({});
  });

  it('changed-field: the changed field alone, from the first change', () => {
    view.render(<Probe recheck="changed-field" />);
    act(() => current().change('name', ' '));
    expect(current().errors).toEqual({ name: 'Name is required' });
    act(() => current().change('name', 'Asha'));
    expect(current().errors.name).toBeUndefined();
    expect(current().errors.city).toBeUndefined();
  });

  it('binds a box: name, value, message, and the cleaned typed value', () => {
    view.render(<Probe />);
    const upper = (raw: string) => raw.toUpperCase();
    act(() => {
      current()
        .field('city', upper)
        .onChange({ target: { value: 'pune' } } as Parameters<
          ReturnType<Form['field']>['onChange']
        >[0]);
    });
    act(() => {
      current().check();
    });
    expect(current().field('city')).toMatchObject({ name: 'city', value: 'PUNE' });
    expect(current().field('name')).toMatchObject({ value: '', error: 'Name is required' });
  });
});
