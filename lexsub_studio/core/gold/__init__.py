"""From responses to gold: normalisation, pooling into gold files, merge maps and adjudication."""
