"use client";

import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { useState } from "react";

import { PairSelects } from "./resource-parts";
import { FormError } from "./ui";

interface CreateRequest {
  name: string;
  source_lang: string;
  target_lang: string;
}

/**
 * Creates a resource for one language pair (a glossary, a memory). `options` is its tRPC create
 * procedure, whose own onSuccess (the page's) runs even after the form is gone.
 */
export function CreateResourceForm<TData, TError, TContext>({
  headingId,
  heading,
  nameId,
  nameLabel,
  submitLabel,
  options,
}: {
  headingId: string;
  heading: string;
  nameId: string;
  nameLabel: string;
  submitLabel: string;
  options: UseMutationOptions<TData, TError, CreateRequest, TContext>;
}) {
  const [name, setName] = useState("");
  const [pair, setPair] = useState({ source: "en", target: "es" });
  const create = useMutation(options);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate({ name, source_lang: pair.source, target_lang: pair.target }, { onSuccess: () => setName("") });
        }}
      >
        <div className="field">
          <label htmlFor={nameId}>{nameLabel}</label>
          <input
            id={nameId}
            type="text"
            required
            maxLength={200}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <PairSelects source={pair.source} target={pair.target} onChange={setPair} />
        <FormError error={create.error} />
        <button type="submit" className="primary" disabled={create.isPending}>
          {submitLabel}
        </button>
      </form>
    </section>
  );
}
