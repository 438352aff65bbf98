export declare const SOURCE_CONDITION: '@credential-agent/source';
